<?php

namespace Shop;

abstract class Model
{
    public function __construct(array $attributes = [])
    {
    }

    public static function create(): static
    {
        $made = static::make();
        self::boot();
        return $made;
    }

    public static function make(): static
    {
        return new static();
    }

    protected static function boot(): void
    {
    }

    public function save(): void
    {
    }
}
