from app.context import AsyncSession, Context


def constructed():
    ctx = Context("main")
    with ctx:
        pass


def annotated(ctx: Context):
    with ctx as entered:
        return entered


def inline():
    with Context("inline") as ctx:
        return ctx


async def session(s: AsyncSession):
    async with s:
        pass


def several(a: Context, b: AsyncSession):
    with a, b:
        pass
