export class CreateUserDto {
  email!: string;
}
