// Stands in for the "server-only" package inside worker bundles: workers are server code.
export {};
