import { Injectable, NotFoundException } from '@nestjs/common';
import { CreateUserDto } from './dto/create-user.dto';

export interface UserRecord {
  id: number;
  email: string;
}

@Injectable()
export class UsersService {
  private readonly users: UserRecord[] = [];

  findAll(): UserRecord[] {
    return this.users;
  }

  findOne(id: number): UserRecord {
    const user = this.users.find((u) => u.id === id);
    if (!user) {
      throw new NotFoundException(`user ${id} not found`);
    }
    return user;
  }

  create(dto: CreateUserDto): UserRecord {
    const user = { id: this.users.length + 1, email: dto.email };
    this.users.push(user);
    return user;
  }
}
