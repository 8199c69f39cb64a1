<?php

namespace App\Models;

class User
{
    public static function find(int $id): ?User
    {
        return null;
    }

    public function rename(string $name): void
    {
    }
}

class Post
{
    public static function latest(): void
    {
    }
}
