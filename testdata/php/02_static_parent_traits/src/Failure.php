<?php

namespace Shop;

final class Failure extends \RuntimeException
{
    public function explain(\DateTimeInterface $at, $anything): string
    {
        // inherited from a class outside the repository: no edge
        $this->getMessage();
        // a value of a class outside the repository: no name match to Report.format
        $at->format('c');
        // a receiver of unknown class: a name match
        $anything->describe();
        return '';
    }
}
