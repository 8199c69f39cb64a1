<?php

namespace App\Console;

use Illuminate\Console\Command;

class SendEmails extends Command
{
    protected $signature = 'mail:send {user}';

    public function handle(): void
    {
    }
}
