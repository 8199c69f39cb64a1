import { listUsers } from '../../../src/routes/users';
export async function GET() { return Response.json(listUsers()); }
