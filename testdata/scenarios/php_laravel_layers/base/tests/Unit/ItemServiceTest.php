<?php

namespace Tests\Unit;

use App\Repositories\ItemRepository;
use App\Services\ItemService;
use PHPUnit\Framework\TestCase;

class ItemServiceTest extends TestCase
{
    public function testDescribes(): void
    {
        $service = new ItemService(new ItemRepository());
        $this->assertSame('item 1', $service->describe(1));
    }
}
