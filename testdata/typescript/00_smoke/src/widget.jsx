const { log } = require('./log.ts');
export default function Widget() { log("w"); return <span/>; }
