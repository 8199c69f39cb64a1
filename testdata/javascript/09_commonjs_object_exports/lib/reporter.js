"use strict";

// A decoy: methods with the logger's names, on a class.
class Reporter {
    info() {}
    error() {}
}

module.exports = Reporter;
