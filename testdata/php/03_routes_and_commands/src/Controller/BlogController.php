<?php

namespace Site\Controller;

use Symfony\Component\Routing\Attribute\Route;

class BlogController
{
    #[Route('/blog', name: 'blog_list', methods: ['GET'])]
    public function list(): string
    {
        return '';
    }

    public function helper(): void
    {
    }
}
