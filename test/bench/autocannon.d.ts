// autocannon 9 ships no types; test/bench/load.ts uses its documented options and result fields.
declare module 'autocannon';
