<?php

namespace App;

use App\Util\Clock;

class Job
{
    public function run(): int
    {
        Clock::legacy();
        return Clock::now();
    }
}
