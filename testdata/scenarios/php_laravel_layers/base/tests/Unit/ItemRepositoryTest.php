<?php

namespace Tests\Unit;

use App\Repositories\ItemRepository;
use PHPUnit\Framework\TestCase;

class ItemRepositoryTest extends TestCase
{
    public function testCounts(): void
    {
        $this->assertSame(0, (new ItemRepository())->count());
    }
}
