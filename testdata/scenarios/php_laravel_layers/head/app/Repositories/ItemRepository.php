<?php

namespace App\Repositories;

class ItemRepository
{
    public function find(int $id): ?string
    {
        return $id > 0 ? "item #{$id}" : null;
    }

    public function count(): int
    {
        return 0;
    }
}
