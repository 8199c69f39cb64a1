<?php

namespace App\Util;

class Clock extends Base
{
}
