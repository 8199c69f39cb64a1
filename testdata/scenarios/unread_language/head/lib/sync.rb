class Sync
  def run
  end
end
