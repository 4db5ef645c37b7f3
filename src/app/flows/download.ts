/** Hands text to the browser as a file download (export), with no server round trip. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has taken its copy once click() returns; a later revoke frees the blob.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
