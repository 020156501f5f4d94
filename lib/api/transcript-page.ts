/**
 * A long session is shown a page at a time: the session page renders the last
 * `TRANSCRIPT_PAGE_SIZE` messages of the shown branch, and the transcript reads
 * older pages as the person scrolls up. The page's HTML then stays the same
 * size however long the session grows (it was 20 MiB at 2,000 messages).
 */
export const TRANSCRIPT_PAGE_SIZE = 40;

/** The most messages one request returns (a jump to a search hit loads everything from it on). */
export const MAX_PAGE_MESSAGES = 1_000;
