import express from 'express';
import { listUsers } from './routes/users';
const app = express();
export function start() { app.listen(3000); }
app.get('/users', auth, (req, res) => { res.json(listUsers()); });
app.post('/users', (req, res) => { res.send(1); });
function auth(req, res, next) { next(); }
