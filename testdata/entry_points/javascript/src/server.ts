import express from 'express';
import { listUsers } from './routes/users';
const app = express();
export function start() { app.listen(3000); }
app.get('/users', auth, (req, res) => { res.json(listUsers()); });
app.post('/users', (req, res) => { res.send(1); });
function auth(req, res, next) { next(); }
import * as users from './routes/users';
export const router = express.Router();
router.get('/list', users.listUsers);
router.delete('/users/:id', auth, removeUser);
function removeUser(req, res) { res.send(0); }
