'use strict';

exports.connectMysql = (url) => ({ driver: 'mysql', url });
