// Every export of this file is public API.
export {};
