<?php

namespace App\Http\Controllers;

class PhotoController extends Controller
{
    public function index() {}
    public function create() {}
    public function store() {}
    public function show($id) {}
    public function edit($id) {}
    public function update($id) {}
    public function destroy($id) {}
    public function thumbnail($id) {}
}
