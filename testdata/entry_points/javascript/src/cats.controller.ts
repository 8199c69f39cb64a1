@Controller('cats')
export class CatsController {
  @Get(':id')
  findOne() { return 1; }
  helper() {}
}
