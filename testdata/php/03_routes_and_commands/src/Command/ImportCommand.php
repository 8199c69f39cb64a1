<?php

namespace Site\Command;

use Symfony\Component\Console\Attribute\AsCommand;
use Symfony\Component\Console\Command\Command;

#[AsCommand(name: 'app:import')]
class ImportCommand extends Command
{
    protected function execute($input, $output): int
    {
        return 0;
    }
}
