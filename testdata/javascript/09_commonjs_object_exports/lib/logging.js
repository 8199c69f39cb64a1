"use strict";

module.exports = {
    info(...args) {
        console.log(...args);
    },

    warn: function (...args) {
        console.warn(...args);
    },

    error: (...args) => {
        console.error(...args);
    }
};
