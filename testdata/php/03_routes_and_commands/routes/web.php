<?php

use App\Http\Controllers\PhotoController;
use App\Http\Controllers\UserController;
use App\Http\Controllers\HealthCheck;
use Illuminate\Support\Facades\Route;

Route::get('/users', [UserController::class, 'index']);
Route::post('/users', [UserController::class, 'store']);
Route::resource('photos', PhotoController::class);
Route::get('/health', HealthCheck::class);

Route::prefix('admin')->group(function () {
    Route::get('/users/{id}', [UserController::class, 'show']);
});
Route::middleware('auth')->post('/users/{id}', [UserController::class, 'update']);
