"use strict";

const log = require("./logging");

function run(ok) {
    if (ok) {
        log.info("done");
    } else {
        log.warn("careful");
        log.error("failed");
    }
}

module.exports = { run };
