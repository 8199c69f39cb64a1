<?php

namespace Shop;

class Proxy
{
    public function __call(string $name, array $arguments)
    {
        return null;
    }

    public static function __callStatic(string $name, array $arguments)
    {
        return null;
    }

    public static function use(): void
    {
        $proxy = new Proxy();
        // no such method: PHP calls __call with its name
        $proxy->describe();
        Proxy::lookup();
    }
}
