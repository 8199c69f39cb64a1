<?php

namespace Tests\Feature;

use App\Http\Controllers\ItemController;
use App\Repositories\ItemRepository;
use App\Services\ItemService;
use PHPUnit\Framework\Attributes\Test;
use PHPUnit\Framework\TestCase;

class ItemControllerTest extends TestCase
{
    #[Test]
    public function shows(): void
    {
        $controller = new ItemController(new ItemService(new ItemRepository()));
        $this->assertSame('item 2', $controller->show(2));
    }

    #[Test]
    public function constructs(): void
    {
        $this->assertNotNull(new ItemController(new ItemService(new ItemRepository())));
    }
}
