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

    private function render(): string
    {
        return '';
    }
}
