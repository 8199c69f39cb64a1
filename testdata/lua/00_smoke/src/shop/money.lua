local M = {}

function M.plus(a, b)
  return a + b
end

function M.format(amount)
  return tostring(amount)
end

return M
