// vitest stands in for the Next server here: `server-only` throws outside the react-server condition.
export {};
