global using Acme.Lib.Net;
global using Fmt = Acme.Lib.Text.Formatter;
