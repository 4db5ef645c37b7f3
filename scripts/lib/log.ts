/** Progress for the reader, on stderr: stdout carries only the JSON document. */
export const log = (message: string): void => {
  process.stderr.write(`[bench:browser] ${message}\n`);
};
