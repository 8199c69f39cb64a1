'use strict'

const FindMyWay = require('../')

const router = FindMyWay()
router.on('GET', '/', () => {})
