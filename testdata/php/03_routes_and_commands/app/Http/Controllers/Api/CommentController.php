<?php

namespace App\Http\Controllers\Api;

use App\Http\Controllers\Controller;

class CommentController extends Controller
{
    public function index() {}
    public function store() {}
    public function show($id) {}
    public function update($id) {}
    public function destroy($id) {}
    public function create() {}
}
