<?php

require __DIR__ . '/../vendor/autoload.php';

(new Shop\Checkout())->pay('open', []);
