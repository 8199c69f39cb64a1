use actix_web::{get, web, HttpResponse};

#[get("/legacy")]
async fn legacy_index() -> HttpResponse {
    HttpResponse::Ok().finish()
}

async fn legacy_save() -> HttpResponse {
    HttpResponse::Ok().finish()
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/legacy/save", web::post().to(legacy_save));
}
