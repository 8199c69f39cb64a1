<?php

namespace App\Http\Controllers;

class UserController extends Controller
{
    public function index(): string
    {
        return $this->render();
    }

    public function store(): string
    {
        return '';
    }

    public function show(int $id): string
    {
        return '';
    }

    public function update(int $id): string
    {
        return '';
    }

    private function render(): string
    {
        return '';
    }
}
