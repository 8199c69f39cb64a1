<?php

namespace App\Services;

use App\Repositories\ItemRepository;

class ItemService
{
    public function __construct(private ItemRepository $items)
    {
    }

    public function describe(int $id): string
    {
        return $this->items->find($id) ?? 'none';
    }
}
