<?php

namespace App\Http\Controllers;

use App\Services\ItemService;

class ItemController
{
    public function __construct(private ItemService $service)
    {
    }

    public function show(int $id): string
    {
        return $this->service->describe($id);
    }
}
