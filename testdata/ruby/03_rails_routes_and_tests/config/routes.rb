Rails.application.routes.draw do
  resources :photos, only: [:index, :show]
  resource :profile
  get "archive", to: "photos#archive"
  namespace :admin do
    resources :users
  end
  scope module: "admin" do
    get "stats", to: "users#stats"
  end
  get "photos/:id/rotate" => "photos#rotate"
end
