<?php

namespace Shop;

class Order extends Model
{
    use HasTotal;

    public function __construct(array $attributes = [])
    {
        parent::__construct($attributes);
        $this->refresh();
    }

    public static function make(): static
    {
        return parent::make();
    }

    public function save(): void
    {
        parent::save();
    }

    public function refresh(): void
    {
        $this->save();
        $this->total();
    }
}
