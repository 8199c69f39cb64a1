export default class Def {}
