<?php

namespace Calc\Tests\Unit;

use Calc\Adder;
use PHPUnit\Framework\Attributes\Test;
use PHPUnit\Framework\TestCase;

final class AdderTest extends TestCase
{
    private Adder $adder;

    protected function setUp(): void
    {
        $this->adder = new Adder();
    }

    public function testAddsTwoNumbers(): void
    {
        self::assertSame(3, $this->adder->add(1, 2));
    }

    #[Test]
    public function addsNegatives(): void
    {
        self::assertSame(-3, $this->sum(-1, -2));
    }

    /**
     * @test
     */
    public function addsZero(): void
    {
        self::assertSame(1, $this->sum(1, 0));
    }

    private function sum(int $a, int $b): int
    {
        return $this->adder->add($a, $b);
    }
}
