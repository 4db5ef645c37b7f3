/**
 * A token bucket for rate limits: `rate` tokens a second refill it up to `burst`, and each
 * message takes one. Pure: the caller passes the time in milliseconds, so tests step it.
 */
export interface TokenBucket {
  tokens: number;
  /** When `tokens` was last brought up to date, in the caller's milliseconds. */
  at: number;
}

/** A full bucket at time `now`. */
export function fullBucket(burst: number, now: number): TokenBucket {
  return { tokens: burst, at: now };
}

/** Takes one token if there is one (true), refilling for the time since the last call first. */
export function takeToken(bucket: TokenBucket, now: number, rate: number, burst: number): boolean {
  // A clock that steps back (a corrected wall clock) must not drain the bucket.
  const elapsed = Math.max(0, now - bucket.at);
  bucket.tokens = Math.min(burst, bucket.tokens + (elapsed * rate) / 1000);
  bucket.at = Math.max(bucket.at, now);
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}
