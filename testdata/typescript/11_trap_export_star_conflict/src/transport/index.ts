export * from './http';
export * from './ws';
// Both modules export `connect` and `disconnect`. An explicit
// export settles `connect`; `disconnect` stays ambiguous (tsc reports TS2308
// on the line above, and an ES module namespace leaves it out).
export { connect } from './http';
