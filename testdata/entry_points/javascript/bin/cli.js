const { program } = require('commander');
const { start } = require('../src/server');
program.command('serve').action(() => start());
