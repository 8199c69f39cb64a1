-- a decoy: the same names, required by no one
local Ledger = {}

function Ledger.add(entry)
  return entry
end

function Ledger.plus(a, b)
  return a - b
end

return Ledger
