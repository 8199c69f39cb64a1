import 'reflect-metadata';
import './polyfills';
import './telemetry/register';
import { startServer } from './server';

startServer(3000);
