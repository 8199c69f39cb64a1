class Stop
end
